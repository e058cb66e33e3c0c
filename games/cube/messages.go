package cube

import "github.com/multipli/multipli/games"

// Messages are the EN and FR texts of every rule code the package returns,
// the common ones included.
func Messages() map[string]games.Message {
	m := games.CommonMessages()
	for k, v := range cubeMessages {
		m[k] = v
	}
	return m
}

var cubeMessages = map[string]games.Message{
	"cube.no_such_monster":   {EN: "There is no monster {code} to catch now.", FR: "Il n'y a pas de monstre {code} à attraper maintenant."},
	"cube.not_in_hand":       {EN: "Monster {code} is not in your hand.", FR: "Le monstre {code} n'est pas dans ta main."},
	"cube.bad_target":        {EN: "Seat {seat} cannot receive this card.", FR: "La place {seat} ne peut pas recevoir cette carte."},
	"cube.bad_tile_move":     {EN: "This tile cannot go there: the place must be empty and every tile must still touch another.", FR: "Ce cube ne peut pas aller là : la place doit être vide et chaque cube doit toucher un autre cube."},
	"cube.must_move":         {EN: "You must move one tile first.", FR: "Tu dois d'abord déplacer un cube."},
	"cube.no_move_here":      {EN: "No tile may be moved here.", FR: "On ne peut pas déplacer de cube ici."},
	"cube.moved_tile_unused": {EN: "The tile you moved must be part of your three faces.", FR: "Le cube déplacé doit faire partie de tes trois faces."},
	"cube.not_allowed":       {EN: "These three faces are not an allowed combination: same colour on a line, adjacent on a line, or a cube from three tiles.", FR: "Ces trois faces ne forment pas une combinaison autorisée : même couleur sur une ligne, côtés adjacents alignés, ou un cube de trois cubes différents."},
	"cube.three_tiles":       {EN: "The three faces must come from three different tiles.", FR: "Les trois faces doivent venir de trois cubes différents."},
	"cube.bad_ops":           {EN: "This formula is not allowed here.", FR: "Cette formule n'est pas permise ici."},
	"cube.wrong_value":       {EN: "Your formula does not give the monster's code.", FR: "Ta formule ne donne pas le code du monstre."},
	"cube.time_up":           {EN: "Time is up for this turn.", FR: "Le temps de ce tour est écoulé."},
	"cube.already_voted":     {EN: "You already said there is no solution.", FR: "Tu as déjà dit qu'il n'y a pas de solution."},
	"cube.pile_out":          {EN: "The pile ran out a second time: the game is over.", FR: "La pioche est épuisée pour la deuxième fois : la partie est finie."},
	"cube.all_scored":        {EN: "Every monster has been caught.", FR: "Tous les monstres ont été attrapés."},
	"cube.no_more_finds":     {EN: "Nobody could catch the last monsters: they escaped.", FR: "Personne n'a pu attraper les derniers monstres : ils se sont échappés."},
	"cube.first_empty_hand":  {EN: "A player has no card left in hand and wins.", FR: "Un joueur n'a plus de carte en main et gagne."},
	"cube.limit":             {EN: "The game reached its length limit.", FR: "La partie a atteint sa durée maximale."},
}
