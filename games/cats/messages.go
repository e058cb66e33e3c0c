package cats

import "github.com/multipli/multipli/games"

var messages = map[string]games.Message{
	"cats.window_closed":   {EN: "Too late: the mouse is gone.", FR: "Trop tard : la souris est partie."},
	"cats.already_slapped": {EN: "You already slapped the mouse.", FR: "Tu as déjà tapé sur la souris."},
	"cats.out":             {EN: "You have given away all your cards: watch the others play!", FR: "Tu as donné toutes tes cartes : regarde les autres jouer !"},
	"cats.bad_with":        {EN: "There is no other player at place {seat}.", FR: "Il n'y a pas d'autre joueur à la place {seat}."},
	"cats.not_infinite":    {EN: "This game ends by itself: only the infinite game can be stopped.", FR: "Cette partie se termine toute seule : seule la partie infinie peut être arrêtée."},
	"cats.no_souris":       {EN: "This game is played without the \"Souris!\" call.", FR: "Cette partie se joue sans l'annonce « Souris ! »."},
	"cats.already_called":  {EN: "You already called \"Souris!\".", FR: "Tu as déjà annoncé « Souris ! »."},
	ReasonStopped:          {EN: "The players stopped the game: the two with the fewest points are the losers.", FR: "Les joueurs ont arrêté la partie : les deux qui ont le moins de points sont les perdants."},
	ReasonCapPoints:        {EN: "The game went on too long: players were ranked by their points.", FR: "La partie a duré trop longtemps : les joueurs sont classés selon leurs points."},
	ReasonChampion:         {EN: "Only two players are left: they are the losers.", FR: "Il ne reste que deux joueurs : ce sont les perdants."},
	ReasonOneLeft:          {EN: "A player gave away all the cards of both piles: the other one loses.", FR: "Un joueur a donné toutes les cartes de ses deux tas : l'autre a perdu."},
	ReasonCap:              {EN: "The game went on too long: players were ranked by the cards they held.", FR: "La partie a duré trop longtemps : les joueurs sont classés selon leurs cartes."},
}

// Messages is the English and French text of every rule code the package
// returns, the shared codes included.
func Messages() map[string]games.Message {
	out := games.CommonMessages()
	for k, v := range messages {
		out[k] = v
	}
	return out
}
