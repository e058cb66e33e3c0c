package server_test

// studentsOnly: students, each on their own data (a game or session of
// another student is not found); other roles are refused.
func studentsOnly(status int) expect {
	return expect{"anonymous": 401, "otherStudent": status, "otherParent": 403, "otherTeacher": 403, "student": status, "parent": 403, "teacher": 403}
}
