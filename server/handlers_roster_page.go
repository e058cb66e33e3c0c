package server

import (
	"github.com/labstack/echo/v4"

	"github.com/multipli/multipli/store"
)

// rosterPage is the class's roster page: the server writes the page and
// its words; roster.js draws the list of children and calls the API.
type rosterPage struct {
	Lang    string
	T       map[string]string
	JS      map[string]string // the words roster.js needs, in the page's language
	Title   string
	Class   store.Class
	Teacher string
	SelfEN  string
	SelfFR  string
}

// handleRosterPage renders /classes/:id/roster for the class's teacher.
func (s *Server) handleRosterPage(c echo.Context) error {
	cl, err := s.myClass(c)
	if err != nil {
		return err
	}
	t, err := s.store.Teacher(c.Request().Context(), me(c).ID)
	if err != nil {
		return err
	}
	lang := pageLang(c)
	p := rosterPage{
		Lang: lang, T: rosterLabels[lang], JS: rosterJSTexts[lang], Class: cl, Teacher: t.Name,
		SelfEN: withLang(c, "en"), SelfFR: withLang(c, "fr"),
	}
	p.Title = p.T["title"] + " — " + cl.Name
	return s.render(c, "roster.html", p)
}

// rosterLabels are the words of the roster page.
var rosterLabels = map[string]map[string]string{
	"en": {
		"title": "Students", "home": "My classes", "dashboards": "Dashboards", "logout": "Sign out", "lang": "Language",
		"code": "Class code", "archived": "This class is archived: its code no longer works.",
		"class_dashboard": "Class dashboard", "heatmap": "Facts heatmap", "assignments": "Assignments", "cards": "Login cards",
		"students": "Students", "no_students": "No student in this class yet. Add them below: one by one, by pasting a list, or from a file.",
		"add": "Add students", "kind_legend": "Password of the new students", "kind_pin": "A 4-digit PIN",
		"kind_pictures": "3 pictures in order (for children who do not read yet)",
		"one":           "Add one child", "first_name": "First name", "add_button": "Add",
		"paste": "Paste a list of names", "paste_help": "One child per line. A word in capitals is read as the family name (“MARTIN Léa”): it only tells two Léa apart and is not kept.",
		"paste_label": "Names", "check_list": "Check the list",
		"import": "Import a file", "import_help": "The export of your school's software (CSV with semicolons) or a spreadsheet saved as CSV, whose first line names the columns: Nom, Prénom, Date de naissance, Classe… (or First name, Last name…). Only the first name is kept, with the family name's initial when two children share it.",
		"file": "File (.csv or .txt)", "check_file": "Check the file",
		"preview": "Check before adding", "group": "Class in the file",
		"line": "Line", "name_in_class": "Name in the class", "first": "First name", "last": "Family name", "born": "Born", "what": "What happens",
		"confirm_hint": "Nothing is added until you confirm.", "cancel": "Cancel",
		"new_secrets": "New passwords", "new_secrets_help": "Shown once: write them down, or print the login cards now.",
		"print_cards": "Print the login cards", "done": "Done",
		"class_settings": "The class", "class_name": "Name of the class", "rename": "Rename",
		"new_year": "Start a new school year", "new_year_help": "A new class with a new code for next year: the children ticked below move to it with all their history (games, progress, parents). This class is archived.",
		"new_name": "Name of the new class", "carry": "Children who carry over", "archive_old": "Archive this class (its code stops working)",
		"start_year":    "Start the new year",
		"archive_class": "Archive this class", "archive_help": "The class leaves your lists and its code stops working: its children can no longer log in. Their history is kept.",
		"dialog_cancel": "Cancel", "dialog_ok": "Confirm",
	},
	"fr": {
		"title": "Élèves", "home": "Mes classes", "dashboards": "Tableaux de bord", "logout": "Se déconnecter", "lang": "Langue",
		"code": "Code de la classe", "archived": "Cette classe est archivée : son code ne fonctionne plus.",
		"class_dashboard": "Tableau de bord de la classe", "heatmap": "Carte des calculs", "assignments": "Devoirs", "cards": "Cartes de connexion",
		"students": "Élèves", "no_students": "Pas encore d’élève dans cette classe. Ajoutez-les ci-dessous : un par un, en collant une liste, ou depuis un fichier.",
		"add": "Ajouter des élèves", "kind_legend": "Mot de passe des nouveaux élèves", "kind_pin": "Un code à 4 chiffres",
		"kind_pictures": "3 images dans l’ordre (pour les enfants qui ne lisent pas encore)",
		"one":           "Ajouter un enfant", "first_name": "Prénom", "add_button": "Ajouter",
		"paste": "Coller une liste de noms", "paste_help": "Un enfant par ligne. Un mot en capitales est lu comme le nom de famille (« MARTIN Léa ») : il sert seulement à distinguer deux Léa et n’est pas gardé.",
		"paste_label": "Noms", "check_list": "Vérifier la liste",
		"import": "Importer un fichier", "import_help": "L’export du logiciel de l’école (CSV avec des points-virgules) ou un tableur enregistré en CSV, dont la première ligne nomme les colonnes : Nom, Prénom, Date de naissance, Classe… Seul le prénom est gardé, avec l’initiale du nom quand deux enfants ont le même prénom.",
		"file": "Fichier (.csv ou .txt)", "check_file": "Vérifier le fichier",
		"preview": "Vérifiez avant d’ajouter", "group": "Classe du fichier",
		"line": "Ligne", "name_in_class": "Nom dans la classe", "first": "Prénom", "last": "Nom", "born": "Né·e le", "what": "Ce qui se passe",
		"confirm_hint": "Rien n’est ajouté avant votre confirmation.", "cancel": "Annuler",
		"new_secrets": "Nouveaux mots de passe", "new_secrets_help": "Affichés une seule fois : notez-les, ou imprimez les cartes de connexion maintenant.",
		"print_cards": "Imprimer les cartes de connexion", "done": "Terminé",
		"class_settings": "La classe", "class_name": "Nom de la classe", "rename": "Renommer",
		"new_year": "Commencer une nouvelle année", "new_year_help": "Une nouvelle classe avec un nouveau code pour l’an prochain : les enfants cochés ci-dessous y passent avec tout leur historique (parties, progrès, parents). Cette classe est archivée.",
		"new_name": "Nom de la nouvelle classe", "carry": "Enfants qui passent dans la nouvelle classe", "archive_old": "Archiver cette classe (son code ne fonctionnera plus)",
		"start_year":    "Commencer la nouvelle année",
		"archive_class": "Archiver cette classe", "archive_help": "La classe quitte vos listes et son code ne fonctionne plus : ses élèves ne peuvent plus se connecter. Leur historique est gardé.",
		"dialog_cancel": "Annuler", "dialog_ok": "Confirmer",
	},
}

// rosterJSTexts are the words roster.js writes (the page hands them over in
// hidden elements, so that there is one place for each word).
var rosterJSTexts = map[string]map[string]string{
	"en": {
		"failed_logins": "{n} failed sign-ins today from devices this child has not used.", "unlock": "Let them try again now",
		"unlocked": "{name} can sign in again at once.",
		"pin":      "PIN", "pictures": "Pictures", "rename_child": "Name", "rename": "Rename", "new_pin": "New PIN", "new_pictures": "New pictures",
		"move_to": "Move to the class", "move": "Move", "export": "Download their data (JSON)", "student_page": "Student page", "erase": "Erase…",
		"erase_title": "Erase {name}?", "erase_text": "Everything Multipli keeps about {name} — games, answers, progress, links with parents — is deleted for good. This cannot be undone; you can download their data first.",
		"erase_type": "To confirm, type the child's name: {name}", "erase_ok": "Erase for good", "erased": "{name} was erased.",
		"renamed": "{name} renamed.", "moved": "{name} moved to {class}.",
		"reset_pin_title": "A new PIN for {name}?", "reset_pictures_title": "New pictures for {name}?",
		"reset_text": "The current password stops working at once. The new one is shown once, and the login card can be printed again.", "reset_ok": "Give a new password",
		"added.one": "1 child added.", "added.other": "{n} children added.",
		"format": "Read as {encoding}, separator “{sep}”, columns on line {line}: {columns}.", "format_noheader": "Read as {encoding}: one child per line.",
		"sep_tab": "tab", "sep_none": "none",
		"col.first_name": "first name", "col.last_name": "family name", "col.full_name": "name", "col.birth_date": "birth date", "col.group": "class", "col.level": "level",
		"summary":     "To add: {new} · Already in the class: {in_class} · Twice in the list: {duplicate} · Unreadable: {bad} · Other classes: {other_group} · Empty lines ignored: {empty}",
		"confirm.one": "Add 1 child", "confirm.other": "Add {n} children", "nothing": "No one to add.",
		"too_many":   "More than {max} children at once: choose a class of the file, or import in several goes.",
		"status.new": "To add", "status.in_class": "Already there", "status.duplicate": "Twice", "status.bad": "Unreadable", "status.other_group": "Other class",
		"archive_title": "Archive {class}?", "archive_ok": "Archive",
		"year_title": "Start {new} from {class}?", "year_text": "Children moving to {new} with their history: {n}.", "year_archive": "{class} is archived and its code stops working.",
		"year_ok": "Start the new year", "class_renamed": "The class is now called {name}.", "no_other_class": "No other class to move to.",
		"secret_pin": "PIN:", "secret_pictures": "Pictures, in order:", "all_groups": "All classes of the file",
	},
	"fr": {
		"failed_logins": "{n} essais de connexion manqués aujourd’hui depuis des appareils que cet enfant n’a jamais utilisés.", "unlock": "Le laisser réessayer tout de suite",
		"unlocked": "{name} peut se connecter à nouveau tout de suite.",
		"pin":      "Code", "pictures": "Images", "rename_child": "Nom", "rename": "Renommer", "new_pin": "Nouveau code", "new_pictures": "Nouvelles images",
		"move_to": "Passer dans la classe", "move": "Déplacer", "export": "Télécharger ses données (JSON)", "student_page": "Page de l’élève", "erase": "Effacer…",
		"erase_title": "Effacer {name} ?", "erase_text": "Tout ce que Multipli garde sur {name} — parties, réponses, progrès, liens avec les parents — est effacé pour de bon. C’est définitif ; vous pouvez d’abord télécharger ses données.",
		"erase_type": "Pour confirmer, tapez le nom de l’enfant : {name}", "erase_ok": "Effacer définitivement", "erased": "{name} a été effacé·e.",
		"renamed": "{name} : nom changé.", "moved": "{name} est passé·e en {class}.",
		"reset_pin_title": "Un nouveau code pour {name} ?", "reset_pictures_title": "De nouvelles images pour {name} ?",
		"reset_text": "Le mot de passe actuel cesse de fonctionner tout de suite. Le nouveau est affiché une seule fois, et la carte de connexion peut être réimprimée.", "reset_ok": "Donner un nouveau mot de passe",
		"added.one": "1 enfant ajouté.", "added.other": "{n} enfants ajoutés.",
		"format": "Lu en {encoding}, séparateur « {sep} », colonnes à la ligne {line} : {columns}.", "format_noheader": "Lu en {encoding} : un enfant par ligne.",
		"sep_tab": "tabulation", "sep_none": "aucun",
		"col.first_name": "prénom", "col.last_name": "nom", "col.full_name": "nom complet", "col.birth_date": "date de naissance", "col.group": "classe", "col.level": "niveau",
		"summary":     "À ajouter : {new} · Déjà dans la classe : {in_class} · En double : {duplicate} · Illisibles : {bad} · Autres classes : {other_group} · Lignes vides ignorées : {empty}",
		"confirm.one": "Ajouter 1 enfant", "confirm.other": "Ajouter {n} enfants", "nothing": "Personne à ajouter.",
		"too_many":   "Plus de {max} enfants d’un coup : choisissez une classe du fichier, ou importez en plusieurs fois.",
		"status.new": "À ajouter", "status.in_class": "Déjà là", "status.duplicate": "En double", "status.bad": "Illisible", "status.other_group": "Autre classe",
		"archive_title": "Archiver {class} ?", "archive_ok": "Archiver",
		"year_title": "Commencer {new} à partir de {class} ?", "year_text": "Enfants qui passent en {new} avec leur historique : {n}.", "year_archive": "{class} est archivée et son code ne fonctionne plus.",
		"year_ok": "Commencer la nouvelle année", "class_renamed": "La classe s’appelle maintenant {name}.", "no_other_class": "Pas d’autre classe où le déplacer.",
		"secret_pin": "Code :", "secret_pictures": "Images, dans l’ordre :", "all_groups": "Toutes les classes du fichier",
	},
}

// rosterRowTexts say what confirming does with a line of a preview.
var rosterRowTexts = map[string]map[string]string{
	"en": {
		"new": "Will be added.", "in_class": "Already in the class as “{name}”: skipped.", "duplicate": "Same child as line {line}: skipped.",
		"other_group":        "Class “{group}”: skipped.",
		"bad.unclosed_quote": "Unreadable: a quote (\") is not closed.", "bad.extra_fields": "Unreadable: more cells than the header (a separator inside a name?).",
		"bad.no_first_name": "Unreadable: no first name.", "bad.bad_characters": "Unreadable: this first name holds digits or signs.",
		"bad.too_long":           "Unreadable: the name is longer than 60 characters.",
		"note.shared_first_name": "Another child has this first name: shown with the family name's initial.",
		"note.maybe_in_class":    "The class already has a child of this first name: check it is not them.",
		"note.bad_date":          "The birth date is unreadable (it is not kept anyway).",
	},
	"fr": {
		"new": "Sera ajouté·e.", "in_class": "Déjà dans la classe sous le nom « {name} » : ignoré·e.", "duplicate": "Même enfant qu’à la ligne {line} : ignoré·e.",
		"other_group":        "Classe « {group} » : ignoré·e.",
		"bad.unclosed_quote": "Illisible : un guillemet (\") n’est pas refermé.", "bad.extra_fields": "Illisible : plus de cellules que l’en-tête (un séparateur dans un nom ?).",
		"bad.no_first_name": "Illisible : pas de prénom.", "bad.bad_characters": "Illisible : ce prénom contient des chiffres ou des signes.",
		"bad.too_long":           "Illisible : le nom dépasse 60 caractères.",
		"note.shared_first_name": "Un autre enfant a ce prénom : affiché avec l’initiale du nom.",
		"note.maybe_in_class":    "La classe a déjà un enfant de ce prénom : vérifiez que ce n’est pas lui.",
		"note.bad_date":          "La date de naissance est illisible (elle n’est de toute façon pas gardée).",
	},
}
