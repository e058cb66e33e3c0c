package server

import (
	"net/http"

	"github.com/labstack/echo/v4"
)

// Role is who a caller is.
type Role string

const (
	RoleTeacher Role = "teacher"
	RoleParent  Role = "parent"
	RoleStudent Role = "student"
)

// Route is one entry of the route table: the roles that may call it (none
// means anyone, signed in or not) and the handler.
type Route struct {
	Method  string
	Path    string
	Roles   []Role
	handler echo.HandlerFunc
}

// Public reports whether anonymous callers may use the route.
func (r Route) Public() bool { return len(r.Roles) == 0 }

var (
	anyone     []Role
	teachers   = []Role{RoleTeacher}
	parents    = []Role{RoleParent}
	students   = []Role{RoleStudent}
	signedIn   = []Role{RoleTeacher, RoleParent, RoleStudent}
	whoSeeKids = []Role{RoleTeacher, RoleParent, RoleStudent} // checked per student in the handler
)

// routes is every route of the server, with its roles. A route missing here
// does not exist; the authorization matrix test fails for a route added here
// without an entry there.
func (s *Server) routes() []Route {
	const api = "/api/v1"
	return []Route{
		// Operations.
		{http.MethodGet, "/healthz", anyone, s.handleHealthz},
		{http.MethodGet, "/readyz", anyone, s.handleReadyz},
		{http.MethodGet, api + "/openapi.json", anyone, s.handleOpenAPI},

		// Accounts and logins.
		{http.MethodPost, api + "/teachers", anyone, s.handleTeacherSignup},
		{http.MethodPost, api + "/parents", anyone, s.handleParentSignup},
		{http.MethodPost, api + "/auth/teacher", anyone, s.handleTeacherLogin},
		{http.MethodPost, api + "/auth/parent", anyone, s.handleParentLogin},
		{http.MethodGet, api + "/class-codes/:code", anyone, s.handleClassCodeLookup},
		{http.MethodPost, api + "/auth/student", anyone, s.handleStudentLogin},
		{http.MethodPost, api + "/auth/card", anyone, s.handleCardLogin},
		{http.MethodPost, api + "/auth/logout", signedIn, s.handleLogout},
		{http.MethodGet, api + "/me", signedIn, s.handleMe},

		// Classes (teachers, their own only).
		{http.MethodGet, api + "/classes", teachers, s.handleClassList},
		{http.MethodPost, api + "/classes", teachers, s.handleClassCreate},
		{http.MethodGet, api + "/classes/:id", teachers, s.handleClassGet},
		{http.MethodPatch, api + "/classes/:id", teachers, s.handleClassRename},
		{http.MethodPost, api + "/classes/:id/archive", teachers, s.handleClassArchive},
		{http.MethodGet, api + "/classes/:id/students", teachers, s.handleClassStudents},
		{http.MethodPost, api + "/classes/:id/students", teachers, s.handleStudentsAdd},

		// Students: their teacher, their linked parents, themselves.
		{http.MethodGet, api + "/students/:id", whoSeeKids, s.handleStudentGet},
		{http.MethodPatch, api + "/students/:id", teachers, s.handleStudentUpdate},
		{http.MethodPost, api + "/students/:id/secret", teachers, s.handleStudentSecret},
		{http.MethodPost, api + "/students/:id/unlock", teachers, s.handleStudentUnlock},
		{http.MethodPost, api + "/students/:id/parent-codes", teachers, s.handleParentCodeCreate},
		{http.MethodDelete, api + "/students/:id/parents/:parent_id", teachers, s.handleParentUnlink},

		// Parents.
		{http.MethodPost, api + "/parent-links", parents, s.handleParentLink},
		{http.MethodGet, api + "/children", parents, s.handleChildren},

		// Web pages and assets.
		{http.MethodGet, "/", anyone, s.handlePage("index.html")},
		{http.MethodGet, "/home", anyone, s.handlePage("home.html")},
		{http.MethodGet, "/static/*", anyone, s.handleStatic},
		// Browsers ask for /favicon.ico on every page, whatever the page says.
		{http.MethodGet, "/favicon.ico", anyone, s.handlePage("favicon.ico")},
		{http.MethodGet, "/i18n/:file", anyone, s.handleI18n},
		{http.MethodGet, "/classes/:id/cards", teachers, s.handleLoginCards},
		{http.MethodGet, "/classes/:id/letters.pdf", teachers, s.handleParentLetters},

		// play
		{http.MethodGet, api + "/games", anyone, s.handleGames},
		{http.MethodGet, api + "/play/home", students, s.handlePlayHome},
		{http.MethodPost, api + "/play/sessions", students, s.handlePlayStart},
		{http.MethodPost, api + "/play/sessions/:id/end", students, s.handlePlayEnd},
		{http.MethodGet, api + "/play/games/:id", students, s.handlePlayGame},
		{http.MethodPost, api + "/play/games/:id/open", students, s.handlePlayOpen},
		{http.MethodPost, api + "/play/games/:id/moves", students, s.handlePlayMove},
		{http.MethodGet, api + "/play/games/:id/ws", students, s.handlePlayWS},
		{http.MethodGet, "/student", anyone, s.handlePage("static/play/student.html")},
		{http.MethodGet, "/play/:id", anyone, s.handlePage("static/play/game.html")},
		// The child's collection and certificates (their own only).
		{http.MethodGet, api + "/play/collection", students, s.handlePlayCollection},
		{http.MethodGet, api + "/play/certificates/:level", students, s.handlePlayCertificate},
		{http.MethodGet, "/student/collection", anyone, s.handlePage("static/play/collection.html")},

		// ingest
		{http.MethodPost, api + "/practice/sessions", students, s.handlePracticeStart},
		{http.MethodPost, api + "/play/sessions/:id/attempts", students, s.handleAnswers},
		{http.MethodGet, api + "/play/sessions/:id/questions", students, s.handlePracticeQuestions},
		{http.MethodGet, api + "/students/:id/export", teachers, s.handleStudentExport},
		{http.MethodDelete, api + "/students/:id", teachers, s.handleStudentErase},

		// dashboards
		{http.MethodGet, api + "/classes/:id/assignments", teachers, s.handleAssignmentList},
		{http.MethodPost, api + "/classes/:id/assignments", teachers, s.handleAssignmentCreate},
		{http.MethodGet, api + "/assignments/:id", teachers, s.handleAssignmentGet},
		{http.MethodPatch, api + "/assignments/:id", teachers, s.handleAssignmentUpdate},
		{http.MethodPost, api + "/assignments/:id/archive", teachers, s.handleAssignmentArchive},
		{http.MethodPost, api + "/assignments/:id/unarchive", teachers, s.handleAssignmentUnarchive},
		{http.MethodGet, api + "/students/:id/assignments", whoSeeKids, s.handleStudentAssignments},
		{http.MethodGet, api + "/classes/:id/dashboard", teachers, s.handleClassDashboardJSON},
		{http.MethodGet, api + "/classes/:id/heatmap", teachers, s.handleClassHeatmapJSON},
		{http.MethodGet, api + "/classes/:id/export/attempts.csv", teachers, s.handleExportAttempts},
		{http.MethodGet, api + "/classes/:id/export/fact-stats.csv", teachers, s.handleExportFactStats},
		{http.MethodGet, api + "/students/:id/progress", teachersAndParents, s.handleStudentProgressJSON},
		{http.MethodGet, api + "/students/:id/report", teachersAndParents, s.handleParentReportJSON},
		{http.MethodGet, api + "/games/:id/replay", teachersAndParents, s.handleGameReplayJSON},
		{http.MethodGet, "/dashboard", teachers, s.handleDashboardIndex},
		{http.MethodGet, "/dashboard/classes/:id", teachers, s.handleClassDashboardPage},
		{http.MethodGet, "/dashboard/classes/:id/heatmap", teachers, s.handleClassHeatmapPage},
		{http.MethodGet, "/dashboard/classes/:id/assignments", teachers, s.handleAssignmentsPage},
		{http.MethodGet, "/dashboard/students/:id", teachers, s.handleStudentDashboardPage},
		{http.MethodGet, "/dashboard/games/:id", teachers, s.handleGameReplayPage},
		{http.MethodGet, "/reports", parents, s.handleReportsIndex},
		{http.MethodGet, "/reports/students/:id", teachersAndParents, s.handleParentReportPage},

		// roster
		{http.MethodPost, api + "/classes/:id/roster/preview", teachers, s.handleRosterPreview},
		{http.MethodPost, api + "/classes/:id/new-year", teachers, s.handleNewSchoolYear},
		{http.MethodPost, api + "/students/:id/move", teachers, s.handleStudentMove},
		{http.MethodGet, "/classes/:id/roster", teachers, s.handleRosterPage},
	}
}

// Routes lists the route table (for tests and documentation).
func (s *Server) Routes() []Route { return s.routes() }
