// The Death Match waiting page follows the duel without reloading under the player's thumb: on the season socket's
// "duel" push (a player pressed Ready), after a reconnect, and every 5 s as a backstop it
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
  // The season's socket says at once when a player pressed Ready (issue 26): fetch then, not at the next poll.
  const slug = part.dataset.season;
  if (!slug || !window.garnetSocket) return;
  const live = (window.duelLive = { connected: false, pushes: 0 });
  window.garnetSocket("/ws/seasons/" + slug + "/", {
    open: () => { live.connected = true; },
    close: () => { live.connected = false; },
    message: (data) => { if (data.event === "duel") { live.pushes += 1; poll(); } },
    resync: poll,
  });
})();
