// Interface texts in French and English. The language is the "lang" cookie
// (set by the switch, and read by the server for its error messages), else
// the browser's first of French or English, else English.

const texts = {
  en: {
    "welcome": "Welcome to Multipli",
    "tab.student": "I am a student", "tab.teacher": "Teacher", "tab.parent": "Parent",
    "student.code": "Class code", "student.who": "Who are you?",
    "student.pin": "Type your secret code.", "student.pictures": "Tap your 3 pictures, in order.",
    "hello": "Hello {name}!",
    "next": "Next", "back": "Back", "erase": "Erase",
    "name": "Name", "email": "E-mail", "password": "Password (10 characters or more)",
    "login": "Sign in", "signup": "Create my account",
    "signup.switch": "No account yet? Create one", "login.switch": "Already have an account? Sign in",
    "signup.exists": "This e-mail address may already have an account: sign in with its password.",
    "logout": "Sign out", "loading": "Loading…",
    "home.teacher": "Your classes", "home.parent": "Your children", "home.student": "Ready to play?",
    "class.new": "New class", "class.create": "Create", "class.cards": "Login cards", "class.code": "code",
    "class.dashboard": "Dashboard", "class.assignments": "Assignments", "child.report": "Weekly report",
    "class.roster": "Students", "class.archived": "Archived classes",
    "class.none": "No class yet.", "children.none": "No child linked yet.",
    "link.code": "Code from the teacher", "link.add": "Link",
    "level": "Level", "lang.other": "Français",
    "error.network": "The server cannot be reached.",
  },
  fr: {
    "welcome": "Bienvenue sur Multipli",
    "tab.student": "Je suis élève", "tab.teacher": "Enseignant·e", "tab.parent": "Parent",
    "student.code": "Code de la classe", "student.who": "Qui es-tu ?",
    "student.pin": "Tape ton code secret.", "student.pictures": "Touche tes 3 images, dans l’ordre.",
    "hello": "Bonjour {name} !",
    "next": "Suivant", "back": "Retour", "erase": "Effacer",
    "name": "Nom", "email": "E-mail", "password": "Mot de passe (10 caractères ou plus)",
    "login": "Se connecter", "signup": "Créer mon compte",
    "signup.switch": "Pas encore de compte ? En créer un", "login.switch": "Déjà un compte ? Se connecter",
    "signup.exists": "Cette adresse e-mail a peut-être déjà un compte : connectez-vous avec son mot de passe.",
    "logout": "Se déconnecter", "loading": "Chargement…",
    "home.teacher": "Vos classes", "home.parent": "Vos enfants", "home.student": "Prêt·e à jouer ?",
    "class.new": "Nouvelle classe", "class.create": "Créer", "class.cards": "Cartes de connexion", "class.code": "code",
    "class.dashboard": "Tableau de bord", "class.assignments": "Devoirs", "child.report": "Bilan de la semaine",
    "class.roster": "Élèves", "class.archived": "Classes archivées",
    "class.none": "Pas encore de classe.", "children.none": "Aucun enfant lié pour l’instant.",
    "link.code": "Code donné par l’enseignant·e", "link.add": "Lier",
    "level": "Niveau", "lang.other": "English",
    "error.network": "Le serveur ne répond pas.",
  },
};

// Picture names, as the server's credential.Pictures, with their labels.
export const pictureNames = {
  en: { cat: "cat", dog: "dog", sun: "sun", moon: "moon", star: "star", tree: "tree", fish: "fish", car: "car", house: "house", flower: "flower", apple: "apple", boat: "boat" },
  fr: { cat: "chat", dog: "chien", sun: "soleil", moon: "lune", star: "étoile", tree: "arbre", fish: "poisson", car: "voiture", house: "maison", flower: "fleur", apple: "pomme", boat: "bateau" },
};

function cookie(name) {
  const m = document.cookie.match(new RegExp("(?:^|; )" + name + "=([^;]*)"));
  return m ? decodeURIComponent(m[1]) : "";
}

export function lang() {
  const c = cookie("lang");
  if (c === "fr" || c === "en") return c;
  for (const l of navigator.languages || [navigator.language || "en"]) {
    const tag = l.toLowerCase();
    if (tag.startsWith("fr")) return "fr";
    if (tag.startsWith("en")) return "en";
  }
  return "en";
}

export function t(key, params = {}) {
  let s = texts[lang()][key] ?? texts.en[key] ?? key;
  for (const [k, v] of Object.entries(params)) s = s.replaceAll("{" + k + "}", v);
  return s;
}

// translate fills every [data-i18n] element and the language switch.
export function translate(root = document) {
  document.documentElement.lang = lang();
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-lang-switch]")) el.textContent = t("lang.other");
}

// setupLangSwitch wires the switch; onChange redraws what translate cannot.
export function setupLangSwitch(onChange = () => {}) {
  for (const el of document.querySelectorAll("[data-lang-switch]")) {
    el.addEventListener("click", () => {
      const next = lang() === "fr" ? "en" : "fr";
      document.cookie = "lang=" + next + "; path=/; max-age=31536000; samesite=lax";
      translate();
      onChange();
    });
  }
  translate();
}

export { cookie };
