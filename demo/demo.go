// Package demo loads the demo school: a teacher, two classes of children
// with PINs and picture passwords, and a parent linked to one child. The
// logins are public (printed, and in the README), so their hashes use
// bcrypt's minimum cost: loading stays fast on a small machine. Later work
// (play, dashboards) extends Load with simulated history: history.go plays
// HistoryWeeks weeks of the four games (MultipliPotion, Multipli Cat's,
// Monster Cube, Magicoa) for every child, and each class gets an assignment
// that names two of them. README.md has the figures.
package demo

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"golang.org/x/crypto/bcrypt"

	"github.com/multipli/multipli/games"
	"github.com/multipli/multipli/server/credential"
	"github.com/multipli/multipli/store"
)

// The demo's fixed logins.
const (
	TeacherEmail    = "demo.teacher@multipli.test"
	TeacherPassword = "multipli-demo-teacher"
	ParentEmail     = "demo.parent@multipli.test"
	ParentPassword  = "multipli-demo-parent"
)

// School is what Load made (or found): everything needed to sign in.
type School struct {
	Teacher   store.Teacher
	Parent    store.Parent
	Child     store.Student // the parent's linked child
	Classes   []Class
	Preloaded bool // the school was already there
}

// Class is a demo class with its children's secrets.
type Class struct {
	store.Class
	Students []Student
}

// Student is a demo child and their PIN or pictures.
type Student struct {
	store.Student
	PIN      string
	Pictures []string
}

type classPlan struct {
	name, code string
	level      games.LevelName
	// pictures says which children (by index) get a picture password; the
	// youngest class uses pictures mostly, as teachers of 6-year-olds do.
	pictures func(i int) bool
	names    []string
}

var plans = []classPlan{
	{"CE1 Tigres", "TIGRE7", games.LevelGreen, func(i int) bool { return i%4 != 3 }, []string{
		"Adam", "Alice", "Anna", "Arthur", "Chloé", "Emma", "Gabriel", "Hugo", "Inès", "Jade", "Jules", "Léa",
		"Léo", "Lina", "Louis", "Lucas", "Maël", "Manon", "Mila", "Nathan", "Noah", "Rose", "Sacha", "Zoé",
	}},
	{"CM1 Pandas", "PANDA4", games.LevelViolet, func(i int) bool { return i%5 == 4 }, []string{
		"Aaron", "Ambre", "Axel", "Camille", "Clara", "Éthan", "Eva", "Gabin", "Iris", "Jeanne", "Kaïs", "Lou",
		"Malo", "Margaux", "Mathis", "Nina", "Noé", "Océane", "Paul", "Raphaël", "Romane", "Samuel", "Théo", "Yasmine", "Yanis",
	}},
}

// Load creates the demo school unless its teacher already exists, in which
// case it reads the school back (so `serve --demo` can run at every start).
// sealer must be the server's, so that login cards show the secrets.
func Load(ctx context.Context, st *store.Store, sealer *credential.Sealer, now time.Time) (School, error) {
	t, err := st.TeacherByEmail(ctx, TeacherEmail)
	if err == nil {
		school, err := read(ctx, st, sealer, t)
		school.Preloaded = true
		return school, err
	}
	if !errors.Is(err, store.ErrNotFound) {
		return School{}, fmt.Errorf("demo: %w", err)
	}
	return create(ctx, st, sealer, now.UTC())
}

func hash(secret string) (string, error) { return credential.Hash(secret, bcrypt.MinCost) }

// adultHash hashes the demo teacher's and parent's passwords at the cost
// `serve` hashes every adult's (bcrypt's default): at the children's
// minimum cost, a wrong password for them was answered in 2 ms and one
// for an unknown e-mail in 60 ms, which told anyone the demo's e-mails
// have accounts (server.verify checks unknown e-mails at the server's
// cost). Two hashes: a tenth of a second more to load the demo.
func adultHash(secret string) (string, error) { return credential.Hash(secret, bcrypt.DefaultCost) }

func create(ctx context.Context, st *store.Store, sealer *credential.Sealer, now time.Time) (School, error) {
	// The school opened before its history began (history.go).
	opened := now.AddDate(0, 0, -7*HistoryWeeks-1)
	th, err := adultHash(TeacherPassword)
	if err != nil {
		return School{}, err
	}
	teacher := store.Teacher{Email: TeacherEmail, Name: "Mme Martin", PasswordHash: th, CreatedAt: opened}
	if err := st.CreateTeacher(ctx, &teacher); err != nil {
		return School{}, fmt.Errorf("demo: %w", err)
	}
	for _, p := range plans {
		cl := store.Class{TeacherID: teacher.ID, Name: p.name, Code: p.code, CreatedAt: opened}
		if err := st.CreateClass(ctx, &cl); err != nil {
			return School{}, fmt.Errorf("demo: class %s: %w", p.name, err)
		}
		students := make([]store.Student, len(p.names))
		for i, name := range p.names {
			kind, secret := store.SecretPIN, credential.NewPIN()
			if p.pictures(i) {
				kind, secret = store.SecretPictures, credential.JoinPictures(credential.NewPictures())
			}
			h, err := hash(secret)
			if err != nil {
				return School{}, err
			}
			students[i] = store.Student{DisplayName: name, SecretKind: kind, SecretHash: h,
				CardSecret: sealer.Seal(secret), Level: string(p.level), CreatedAt: opened}
		}
		if err := st.AddStudents(ctx, cl.ID, students); err != nil {
			return School{}, fmt.Errorf("demo: students of %s: %w", p.name, err)
		}
	}
	ph, err := adultHash(ParentPassword)
	if err != nil {
		return School{}, err
	}
	parent := store.Parent{Email: ParentEmail, Name: "M. Petit", PasswordHash: ph, CreatedAt: now}
	if err := st.CreateParent(ctx, &parent); err != nil {
		return School{}, fmt.Errorf("demo: %w", err)
	}
	classes, err := st.ClassesOf(ctx, teacher.ID, false)
	if err != nil || len(classes) == 0 {
		return School{}, fmt.Errorf("demo: read classes back: %w", err)
	}
	kids, err := st.StudentsOf(ctx, classes[len(classes)-1].ID)
	if err != nil || len(kids) == 0 {
		return School{}, fmt.Errorf("demo: read students back: %w", err)
	}
	// The parent redeems a code like a real one would.
	code := credential.NewParentCode()
	pc := store.ParentCode{StudentID: kids[0].ID, CodeHash: credential.HashCode(code), CreatedBy: teacher.ID, CreatedAt: now, ExpiresAt: now.Add(time.Hour)}
	if err := st.CreateParentCode(ctx, &pc); err != nil {
		return School{}, fmt.Errorf("demo: %w", err)
	}
	if _, err := st.RedeemParentCode(ctx, pc.CodeHash, parent.ID, now); err != nil {
		return School{}, fmt.Errorf("demo: %w", err)
	}
	school, err := read(ctx, st, sealer, teacher)
	if err != nil {
		return school, err
	}
	if err := assignments(ctx, st, school, now); err != nil {
		return school, err
	}
	return school, History(ctx, st, school, now)
}

// read rebuilds the School of an existing demo teacher.
func read(ctx context.Context, st *store.Store, sealer *credential.Sealer, teacher store.Teacher) (School, error) {
	school := School{Teacher: teacher}
	classes, err := st.ClassesOf(ctx, teacher.ID, false)
	if err != nil {
		return school, fmt.Errorf("demo: %w", err)
	}
	for _, cl := range classes {
		kids, err := st.StudentsOf(ctx, cl.ID)
		if err != nil {
			return school, fmt.Errorf("demo: %w", err)
		}
		c := Class{Class: cl}
		for _, k := range kids {
			s := Student{Student: k}
			if secret, err := sealer.Open(k.CardSecret); err == nil {
				if k.SecretKind == store.SecretPictures {
					s.Pictures = credential.SplitPictures(secret)
				} else {
					s.PIN = secret
				}
			}
			c.Students = append(c.Students, s)
		}
		school.Classes = append(school.Classes, c)
	}
	if p, err := st.ParentByEmail(ctx, ParentEmail); err == nil {
		school.Parent = p
		if kids, err := st.ChildrenOf(ctx, p.ID); err == nil && len(kids) > 0 {
			school.Child = kids[0]
		}
	}
	return school, nil
}

// Print writes the logins for a person at the keyboard.
func (s School) Print(w io.Writer, url string) {
	fmt.Fprintf(w, "Demo school — open %s\n", url)
	fmt.Fprintf(w, "  Teacher: %s / %s\n", TeacherEmail, TeacherPassword)
	if s.Parent.ID != 0 {
		fmt.Fprintf(w, "  Parent:  %s / %s (child: %s)\n", ParentEmail, ParentPassword, s.Child.DisplayName)
	}
	for _, c := range s.Classes {
		fmt.Fprintf(w, "  Class %q — class code %s (%d students):\n", c.Name, c.Code, len(c.Students))
		var line []string
		for _, st := range c.Students {
			secret := st.PIN
			if st.Pictures != nil {
				secret = strings.Join(st.Pictures, "+")
			}
			if secret == "" {
				secret = "(reset needed)"
			}
			line = append(line, st.DisplayName+" "+secret)
			if len(line) == 4 {
				fmt.Fprintf(w, "    %s\n", strings.Join(line, " · "))
				line = line[:0]
			}
		}
		if len(line) > 0 {
			fmt.Fprintf(w, "    %s\n", strings.Join(line, " · "))
		}
	}
}
