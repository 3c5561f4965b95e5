// The Print button of a round's sheets (no inline script: the Content-Security-Policy forbids it).
document.addEventListener("DOMContentLoaded", () => {
  for (const button of document.querySelectorAll("[data-print]")) {
    button.addEventListener("click", () => window.print());
  }
});
