package potion

import "github.com/multipli/multipli/games"

// Messages gives the English and French text of every rule code this package
// returns, the common ones included.
func Messages() map[string]games.Message {
	m := games.CommonMessages()
	for k, v := range messages {
		m[k] = v
	}
	return m
}

var messages = map[string]games.Message{
	"potion.one_lay": {
		EN: "You have already laid a card this turn.",
		FR: "Tu as déjà posé une carte pendant ce tour."},
	"potion.not_in_hand": {
		EN: "This card is not in your hand.",
		FR: "Cette carte n'est pas dans ta main."},
	"potion.must_lay": {
		EN: "Lay one card from your hand first: it is compulsory every turn.",
		FR: "Pose d'abord une carte de ta main : c'est obligatoire à chaque tour."},
	"potion.lay_first": {
		EN: "Lay a card from your hand first, then capture.",
		FR: "Pose d'abord une carte de ta main, puis capture."},
	"potion.one_capture": {
		EN: "Only one capture per turn.",
		FR: "Une seule capture par tour."},
	"potion.two_potions": {
		EN: "Choose exactly two different potions.",
		FR: "Choisis exactement deux potions différentes."},
	"potion.potion_not_in_zone": {
		EN: "Only the potions laid in front of you can be used, not those in your hand.",
		FR: "Seules les potions posées devant toi peuvent servir, pas celles de ta main."},
	"potion.monster_not_in_zone": {
		EN: "Choose a monster in front of your opponent.",
		FR: "Choisis un monstre posé devant ton adversaire."},
	"potion.wrong_product": {
		EN: "{a} × {b} does not make {monster}. No penalty: try again!",
		FR: "{a} × {b} ne fait pas {monster}. Pas de pénalité : essaie encore !"},
	"potion.vigilance_closed": {
		EN: "Vigilance can only be called at the start of your turn, on a turn that ended without a capture.",
		FR: "La vigilance s'annonce seulement au début de ton tour, après un tour fini sans capture."},
	"potion.must_capture": {
		EN: "Your opponent was vigilant: make one of the captures you forgot.",
		FR: "Ton adversaire a été vigilant : fais une des captures oubliées."},
	"potion.nothing_to_accept": {
		EN: "Nobody has called vigilance on you.",
		FR: "Personne n'a annoncé de vigilance contre toi."},
	"potion.quiz_off": {
		EN: "The quiz is not switched on in this game.",
		FR: "Le quiz n'est pas activé dans cette partie."},
	"potion.quiz_after_lay": {
		EN: "The quiz is before laying your card.",
		FR: "Le quiz se fait avant de poser ta carte."},
	"potion.potion_not_seen": {
		EN: "Choose two potions of your hand or your zone.",
		FR: "Choisis deux potions de ta main ou de ta zone."},
	"potion.pair_answered": {
		EN: "You have already answered for these two potions this turn.",
		FR: "Tu as déjà répondu pour ces deux potions pendant ce tour."},
	"potion.five_trophies": {
		EN: "Five monsters captured: the game is won!",
		FR: "Cinq monstres capturés : la partie est gagnée !"},
	"potion.pile_empty": {
		EN: "The draw pile is empty: the most trophies wins.",
		FR: "La pioche est vide : le plus de trophées l'emporte."},
	"potion.cards_out": {
		EN: "No cards left in the pile or the hands: the most trophies wins.",
		FR: "Plus de cartes dans la pioche ni dans les mains : le plus de trophées l'emporte."},
}
