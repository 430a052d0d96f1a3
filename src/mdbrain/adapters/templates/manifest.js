// Filters the manifest table by type, status, tag, theme and words, in the page itself.
// The filters are kept in the address's fragment (#type=rule&tag=auth), so a link can open
// the manifest already filtered. No library, no request: the page works from file://.
"use strict";

(function () {
  const names = ["type", "status", "tag", "theme", "text"];
  const form = document.getElementById("filters");
  const rows = Array.from(document.querySelectorAll("#manifest tbody tr"));
  const shown = document.getElementById("shown-count");
  const field = (name) => document.getElementById("filter-" + name);

  const facts = rows.map((row) => ({
    row: row,
    id: row.dataset.id || "",
    type: row.dataset.type || "",
    status: row.dataset.status || "",
    tags: JSON.parse(row.dataset.tags || "[]"),
    words: row.textContent.toLowerCase(),
  }));

  function wanted() {
    const out = {};
    for (const name of names) {
      out[name] = field(name).value.trim();
    }
    return out;
  }

  function keeps(fact, want) {
    if (want.type && fact.type !== want.type) return false;
    if (want.status && fact.status !== want.status) return false;
    if (want.tag && !fact.tags.includes(want.tag)) return false;
    if (want.theme && !fact.id.startsWith(want.theme + "/")) return false;
    if (want.text) {
      for (const word of want.text.toLowerCase().split(/\s+/)) {
        if (word && !fact.words.includes(word)) return false;
      }
    }
    return true;
  }

  function apply() {
    const want = wanted();
    let count = 0;
    for (const fact of facts) {
      const keep = keeps(fact, want);
      fact.row.classList.toggle("hidden", !keep);
      fact.row.hidden = !keep;
      if (keep) count += 1;
    }
    shown.textContent = String(count);
    const params = new URLSearchParams();
    for (const name of names) {
      if (want[name]) params.set(name, want[name]);
    }
    const fragment = params.toString();
    if (("#" + fragment) !== window.location.hash && !(fragment === "" && window.location.hash === "")) {
      history.replaceState(null, "", fragment ? "#" + fragment : window.location.pathname);
    }
  }

  function choose(select, value) {
    if (select.tagName === "SELECT" && value && !Array.from(select.options).some((o) => o.value === value)) {
      const option = document.createElement("option");
      option.value = value;
      option.textContent = value;
      select.appendChild(option);
    }
    select.value = value;
  }

  function fromFragment() {
    const params = new URLSearchParams(window.location.hash.replace(/^#/, ""));
    for (const name of names) {
      choose(field(name), params.get(name) || "");
    }
    apply();
  }

  form.addEventListener("input", apply);
  form.addEventListener("change", apply);
  form.addEventListener("submit", (event) => event.preventDefault());
  form.addEventListener("reset", () => window.setTimeout(apply, 0));
  window.addEventListener("hashchange", fromFragment);
  fromFragment();
})();
