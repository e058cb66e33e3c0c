// The login-cards page: its only script is the print button.
document.getElementById("print")?.addEventListener("click", () => window.print());
