package dashboard

import "testing"

// The class dashboard and heatmap of a class of 30, built from in-memory
// aggregates (what the store returns): the part of a page's time spent here.
func BenchmarkClassDashboard30(b *testing.B) {
	in := classOf(30, 1)
	b.ReportAllocs()
	for b.Loop() {
		NewClassDashboard(in, now, LangEN)
	}
}

func BenchmarkClassHeatmap30(b *testing.B) {
	in := classOf(30, 1)
	b.ReportAllocs()
	for b.Loop() {
		NewClassHeatmap(in.Facts, LangEN, "Class", "c1")
	}
}

func BenchmarkStudentPage(b *testing.B) {
	in := classOf(1, 1)
	s := StudentInput{Student: in.Students[0], Facts: in.Facts, Weeks: in.Weeks}
	b.ReportAllocs()
	for b.Loop() {
		NewStudentPage(s, now, LangEN)
	}
}
