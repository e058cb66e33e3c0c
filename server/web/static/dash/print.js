// The report's Print button (no inline script: the CSP forbids it).
const button = document.getElementById("print");
if (button) button.addEventListener("click", () => window.print());
