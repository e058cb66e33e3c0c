package games

// PracticeFloor is the fewest multiplications a game should give the child
// to do. Decision: 3, the fewest from which the end-of-game summary's "facts
// answered" and stars say something about the session (a game of 0 or 1
// taught nothing and told the child nothing). The engines whose deal or
// opponents could leave a child without one (MultipliPotion's pile,
// Multipli Cat's reveals) arrange them while the child has done fewer than
// this; the play side and the demo pass it in their Config.
const PracticeFloor = 3
