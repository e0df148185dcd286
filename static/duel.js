// The Death Match waiting page follows the duel without reloading under the player's thumb: every 5 s it
// asks for the page again; once the match has started (the page redirects to it) it goes there, otherwise
// it swaps in the fresh readiness part unless the player is using it.
(function () {
  "use strict";
  const part = document.querySelector("[data-duel-live]");
  if (!part || !window.fetch) return;
  // What the page says, leaving out the ticking countdown: a swap happens only when that changed.
  function said(el) {
    const copy = el.cloneNode(true);
    copy.querySelectorAll(".countdown").forEach((c) => c.remove());
    return copy.textContent.replace(/\s+/g, " ").trim();
  }
  async function poll() {
    try {
      const response = await fetch(location.href, { headers: { Accept: "text/html" }, credentials: "same-origin" });
      if (response.redirected) { location.assign(response.url); return; }
      if (!response.ok) return;
      const fresh = new DOMParser().parseFromString(await response.text(), "text/html").querySelector("[data-duel-live]");
      if (fresh && said(fresh) !== said(part) && !part.contains(document.activeElement)) part.innerHTML = fresh.innerHTML;
    } catch (err) {
      // Offline for a moment: the next poll tries again.
    }
  }
  setInterval(poll, 5000);
})();
