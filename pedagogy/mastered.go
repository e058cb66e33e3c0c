package pedagogy

// LevelMastered says whether a level whose total facts (unordered pairs)
// include known facts known by heart is mastered: the share the ladder
// promotes at (PromoteFluentShare, rounded up as a promotion counts it).
// The child's certificate for a level reads this, so that "mastered" on
// paper and "promoted" on the ladder are one rule. The ladder also waits
// for MinSessionsToPromote sessions at the level, which only keeps it from
// moving a child on too fast; a certificate says what the child knows, so
// it does not wait.
func LevelMastered(known, total int) bool {
	return total > 0 && known >= LevelNeeded(total)
}

// LevelNeeded is how many facts known by heart out of total master a level
// (and let the ladder promote).
func LevelNeeded(total int) int { return needed(total) }
