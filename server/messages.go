package server

import (
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/multipli/multipli/games"
)

// messages are the client texts of error codes, in both languages.
var messages = map[string]games.Message{
	"unauthenticated":        {EN: "Please sign in.", FR: "Merci de vous connecter."},
	"bad_credentials":        {EN: "Wrong login or password.", FR: "Identifiant ou mot de passe incorrect."},
	"forbidden":              {EN: "You are not allowed to do this.", FR: "Vous n’avez pas le droit de faire cela."},
	"csrf":                   {EN: "The page is out of date: reload it and try again.", FR: "La page n’est plus à jour : rechargez-la et réessayez."},
	"unsupported_media_type": {EN: "Send JSON (Content-Type: application/json).", FR: "Envoyez du JSON (Content-Type: application/json)."},
	"too_large":              {EN: "The request is too large (1 MiB at most).", FR: "La requête est trop grosse (1 Mio au plus)."},
	"bad_code":               {EN: "This code is unknown or no longer valid.", FR: "Ce code est inconnu ou n’est plus valable."},
	"bad_card":               {EN: "This login card is no longer valid: ask your teacher for a new one.", FR: "Cette carte de connexion n’est plus valable : demande une nouvelle carte à ton enseignant·e."},
	"signup_sign_in":         {EN: "Now sign in with this e-mail address and your password. If the address already had an account, use that account’s password.", FR: "Connectez-vous maintenant avec cette adresse e-mail et votre mot de passe. Si l’adresse avait déjà un compte, utilisez le mot de passe de ce compte."},
	"not_found":              {EN: "Not found.", FR: "Introuvable."},
	"conflict":               {EN: "This already exists.", FR: "Cela existe déjà."},
	"throttled":              {EN: "Too many tries. Wait {wait} and try again.", FR: "Trop d’essais. Attends {wait} et réessaie."},
	"method_not_allowed":     {EN: "Method not allowed.", FR: "Méthode non autorisée."},
	"bad_request":            {EN: "Bad request.", FR: "Requête incorrecte."},
	"login_ended":            {EN: "You are signed out: sign in again to keep playing.", FR: "Ta connexion est terminée : reconnecte-toi pour continuer à jouer."},
	"session_ended":          {EN: "This game session has ended: start a new one.", FR: "Cette séance de jeu est terminée : commence-en une nouvelle."},
	"unavailable":            {EN: "The server is busy. Try again in a moment.", FR: "Le serveur est occupé. Réessaie dans un instant."},
	"question_not_asked":     {EN: "These answers are not to questions this practice asked: ask for the questions again.", FR: "Ces réponses ne correspondent pas aux questions posées par cet entraînement : redemande les questions."},
	"question_answered":      {EN: "This question was already answered.", FR: "Cette question a déjà reçu une réponse."},
	"questions_out_of_order": {EN: "Answer the questions in the order they were asked, without skipping one (send a question left unanswered with no answer).", FR: "Réponds aux questions dans l’ordre où elles ont été posées, sans en sauter (envoie une question restée sans réponse avec une réponse vide)."},
	"answer_too_fast":        {EN: "These answers came faster than anyone can answer: take the time to read each question.", FR: "Ces réponses sont arrivées plus vite que personne ne peut répondre : prends le temps de lire chaque question."},
	"too_many_attempts":      {EN: "Too many answers at once ({max} at most).", FR: "Trop de réponses d’un coup ({max} au plus)."},
	"out_of_range":           {EN: "Field “{field}” must be between {min} and {max}.", FR: "Le champ « {field} » doit être entre {min} et {max}."},
	"duplicate_seq":          {EN: "Field “{field}” repeats a sequence number of the batch.", FR: "Le champ « {field} » répète un numéro de séquence du lot."},
	"bad_attempt_kind":       {EN: "Field “{field}” must be “answer”.", FR: "Le champ « {field} » doit valoir « answer »."},
	"internal":               {EN: "Something went wrong on our side. Try again.", FR: "Un problème est survenu de notre côté. Réessayez."},
	"bad_json":               {EN: "The body is not valid JSON: {detail}", FR: "Le corps n’est pas du JSON valide : {detail}"},
	"unknown_field":          {EN: "Unknown field “{field}”.", FR: "Champ inconnu « {field} »."},
	"wrong_type":             {EN: "Field “{field}” has the wrong type.", FR: "Le champ « {field} » n’a pas le bon type."},
	"required":               {EN: "Field “{field}” is required.", FR: "Le champ « {field} » est obligatoire."},
	"too_long":               {EN: "Field “{field}” is too long ({max} characters at most).", FR: "Le champ « {field} » est trop long ({max} caractères au plus)."},
	"bad_email":              {EN: "This is not an e-mail address.", FR: "Ce n’est pas une adresse e-mail."},
	"password_too_short":     {EN: "The password needs at least {min} characters.", FR: "Le mot de passe doit avoir au moins {min} caractères."},
	"password_too_long":      {EN: "The password is too long (72 bytes at most).", FR: "Le mot de passe est trop long (72 octets au plus)."},
	"bad_pin":                {EN: "A PIN is exactly 4 digits.", FR: "Un code est fait de 4 chiffres exactement."},
	"bad_pictures":           {EN: "A picture password is 3 different pictures.", FR: "Un mot de passe en images, ce sont 3 images différentes."},
	"bad_kind":               {EN: "The kind must be “pin” or “pictures”.", FR: "Le type doit être « pin » ou « pictures »."},
	"bad_level":              {EN: "Unknown level “{level}”.", FR: "Niveau inconnu « {level} »."},
	"too_many":               {EN: "Too many names at once ({max} at most).", FR: "Trop de noms d’un coup ({max} au plus)."},
	"duplicate_name":         {EN: "“{name}” is already in the class.", FR: "« {name} » est déjà dans la classe."},
	"already_linked":         {EN: "You already follow this child.", FR: "Vous suivez déjà cet enfant."},
	"bad_id":                 {EN: "The id in the address is not a number.", FR: "L’identifiant dans l’adresse n’est pas un nombre."},
	"storage_fault":          {EN: "The server cannot use its database: it needs repair. Tell the person who runs it.", FR: "Le serveur ne peut pas utiliser sa base de données : elle doit être réparée. Prévenez la personne qui s’en occupe."},
	"request_timeout":        {EN: "The request took too long to arrive. Check the connection and try again.", FR: "La requête a mis trop de temps à arriver. Vérifiez la connexion et réessayez."},
	"nul_character":          {EN: "Field “{field}” contains a NUL character (U+0000), which text cannot hold.", FR: "Le champ « {field} » contient un caractère NUL (U+0000), interdit dans un texte."},
	"name_invisible":         {EN: "Field “{field}” must contain at least one visible character.", FR: "Le champ « {field} » doit contenir au moins un caractère visible."},
	"name_bidi":              {EN: "Field “{field}” contains a character that reverses the direction of the text ({char}), which could disguise a name.", FR: "Le champ « {field} » contient un caractère qui inverse le sens du texte ({char}), ce qui pourrait déguiser un nom."},
	"name_hidden_char":       {EN: "Field “{field}” contains an invisible or control character ({char}).", FR: "Le champ « {field} » contient un caractère invisible ou de contrôle ({char})."},
	// The roster: imports, moves and new school years.
	"one_source":            {EN: "Send a pasted list or a file, not both.", FR: "Envoyez une liste collée ou un fichier, pas les deux."},
	"bad_file":              {EN: "The file could not be read (it must be sent in base64).", FR: "Le fichier n’a pas pu être lu (il doit être envoyé en base64)."},
	"bad_group":             {EN: "The file has no class “{group}”.", FR: "Le fichier n’a pas de classe « {group} »."},
	"import_workbook":       {EN: "This is a spreadsheet workbook: save it as CSV (File › Save as › CSV) and import that file.", FR: "C’est un classeur de tableur : enregistrez-le en CSV (Fichier › Enregistrer sous › CSV) et importez ce fichier."},
	"import_not_text":       {EN: "This file is not a list of names (CSV or text).", FR: "Ce fichier n’est pas une liste de noms (CSV ou texte)."},
	"import_no_header":      {EN: "The file has several columns but no line naming them: add a first line such as “Nom;Prénom”.", FR: "Le fichier a plusieurs colonnes mais aucune ligne ne les nomme : ajoutez une première ligne comme « Nom;Prénom »."},
	"import_empty_file":     {EN: "There is no name in it.", FR: "Il n’y a aucun nom dedans."},
	"import_too_many_lines": {EN: "The file is too long ({max} lines at most).", FR: "Le fichier est trop long ({max} lignes au plus)."},
	"archived_class":        {EN: "That class is archived.", FR: "Cette classe est archivée."},
	"not_in_class":          {EN: "A child of the list is not in this class.", FR: "Un enfant de la liste n’est pas dans cette classe."},
}

// message translates a code; unknown codes fall back to the generic text.
func message(lang, code string, params map[string]any) string {
	m, ok := messages[code]
	if !ok {
		m = messages["bad_request"]
	}
	return m.Text(lang, params)
}

// langOf picks the caller's language: the "lang" cookie set by the page's
// switch, else the French or English tag Accept-Language weighs most (the
// first on a tie), else English.
func langOf(c echo.Context) string {
	if ck, err := c.Cookie("lang"); err == nil && (ck.Value == "fr" || ck.Value == "en") {
		return ck.Value
	}
	best, bestQ := "en", 0.0
	for part := range strings.SplitSeq(c.Request().Header.Get("Accept-Language"), ",") {
		tag, params, _ := strings.Cut(part, ";")
		tag = strings.ToLower(strings.TrimSpace(tag))
		q := 1.0
		if v, ok := strings.CutPrefix(strings.TrimSpace(params), "q="); ok {
			if f, err := strconv.ParseFloat(v, 64); err == nil {
				q = f
			}
		}
		for _, l := range []string{"fr", "en"} {
			if (tag == l || strings.HasPrefix(tag, l+"-")) && q > bestQ {
				best, bestQ = l, q
			}
		}
	}
	return best
}
