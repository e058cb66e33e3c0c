package magicoa

import "github.com/multipli/multipli/games"

// Messages is the English and French text of every rule code this package
// returns, the common ones included.
func Messages() map[string]games.Message {
	m := games.CommonMessages()
	for k, v := range map[string]games.Message{
		"magicoa.wrong_phase": {
			EN: "That is not possible now (the game is at the {phase} step).",
			FR: "Ce n'est pas possible maintenant (la partie en est à l'étape {phase}).",
		},
		"magicoa.two_cards": {
			EN: "Choose two different gold cards.",
			FR: "Choisis deux cartes Or différentes.",
		},
		"magicoa.not_in_hand": {
			EN: "Gold card {card} is not in your hand.",
			FR: "La carte Or {card} n'est pas dans ta main.",
		},
		"magicoa.answer_first": {
			EN: "First say how much your gold card is worth.",
			FR: "Dis d'abord combien vaut ta carte Or.",
		},
		"magicoa.no_such_potion": {
			EN: "There is no potion there.",
			FR: "Il n'y a pas de potion à cet endroit.",
		},
		"magicoa.no_double_bid": {
			EN: "You need the Double bid power to bid on two potions at once.",
			FR: "Il te faut le pouvoir Double mise pour enchérir sur deux potions à la fois.",
		},
		"magicoa.not_greater": {
			EN: "Your card is worth {value}, less than the {covered} it would cover: you can only cover a smaller card.",
			FR: "Ta carte vaut {value}, moins que le {covered} qu'elle recouvrirait : tu ne peux recouvrir qu'une carte plus petite.",
		},
		"magicoa.not_greater_equal": {
			EN: "Your card is worth {value}, just like the card it would cover: it must be strictly greater (unless you hold Equality).",
			FR: "Ta carte vaut {value}, autant que la carte qu'elle recouvrirait : elle doit être strictement plus grande (sauf avec le pouvoir Égalité).",
		},
		"magicoa.two_games": {
			EN: "Two games of six rounds were played: the most magic points win.",
			FR: "Les deux parties de six tours sont jouées : le plus de points de magie l'emporte.",
		},
		"magicoa.six_rounds": {
			EN: "Six rounds were played: the most magic points win.",
			FR: "Les six tours sont joués : le plus de points de magie l'emporte.",
		},
	} {
		m[k] = v
	}
	return m
}
