// The clubs' forms: a new club's slug follows its name until edited by hand, and an
// invitation link's field selects its whole address when focused, ready to copy.
(function () {
  "use strict";

  function slugify(text) {
    return text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase()
      .replace(/[^a-z0-9\s-]/g, "").trim().replace(/[\s-]+/g, "-").slice(0, 46).replace(/-+$/, "");
  }

  document.querySelectorAll("form[data-slug-from]").forEach(function (form) {
    var source = document.getElementById(form.dataset.slugFrom);
    var target = document.getElementById(form.dataset.slugTo);
    if (!source || !target) { return; }
    var edited = target.value !== "" && target.value !== slugify(source.value);
    target.addEventListener("input", function () { edited = target.value !== ""; });
    source.addEventListener("input", function () {
      if (!edited) { target.value = slugify(source.value); }
    });
  });

  document.querySelectorAll("input[data-select-on-focus]").forEach(function (input) {
    input.addEventListener("focus", function () { input.select(); });
    input.addEventListener("click", function () { input.select(); });
  });
})();
