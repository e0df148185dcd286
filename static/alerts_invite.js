// The one-tap invitation to turn alerts on for this device (issue 46), on a season's page once the player has
// joined and on a player's match page. It shows only where the browser can notify and the player has neither
// turned alerts on ("garnet.notify") nor said "Not now" ("garnet.invite" = "declined") on this device; the
// browser's own permission prompt comes only from the tap. With VAPID keys it subscribes to Web Push as the
// Turn alerts page does (alerts_settings.js); else the open pages notify ("page").
(function () {
  "use strict";
  const boxes = Array.from(document.querySelectorAll("[data-alerts-invite]"));
  if (!boxes.length) return;
  const store = {
    get: (k) => { try { return localStorage.getItem(k); } catch (e) { return null; } },
    set: (k, v) => { try { localStorage.setItem(k, v); } catch (e) { /* private mode: asked again next time */ } },
  };
  function wanted() {
    return "Notification" in window && Notification.permission !== "denied" &&
      !store.get("garnet.notify") && store.get("garnet.invite") !== "declined";
  }
  function csrf() {
    try { return JSON.parse(document.body.getAttribute("hx-headers") || "{}")["X-CSRFToken"] || ""; } catch (e) { return ""; }
  }
  function b64(s) {  // base64url to bytes (the applicationServerKey)
    const pad = "=".repeat((4 - (s.length % 4)) % 4), raw = atob((s + pad).replace(/-/g, "+").replace(/_/g, "/"));
    return Uint8Array.from(raw, (c) => c.charCodeAt(0));
  }
  async function subscribe(box) {
    const key = box.dataset.vapidKey;
    if (!key || !("serviceWorker" in navigator) || !("PushManager" in window)) return false;
    try {
      const reg = await navigator.serviceWorker.register(box.dataset.swUrl);
      await navigator.serviceWorker.ready;
      const sub = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: b64(key) });
      const r = await fetch(box.dataset.pushUrl, { method: "POST", credentials: "same-origin",
        headers: { "Content-Type": "application/json", "X-CSRFToken": csrf() }, body: JSON.stringify(sub.toJSON()) });
      return r.ok;
    } catch (err) { return false; }  // no push service here: the pages notify while open
  }
  function hideAll() { boxes.forEach((b) => { b.hidden = true; }); }
  boxes.forEach((box) => {
    const status = box.querySelector('[data-invite="status"]');
    box.hidden = !wanted();
    box.querySelector('[data-invite="on"]').addEventListener("click", async () => {
      const granted = await Notification.requestPermission();
      if (granted !== "granted") {
        store.set("garnet.invite", "declined");
        status.textContent = "The browser said no: alerts stay off on this device.";
        setTimeout(hideAll, 2500);
        return;
      }
      store.set("garnet.notify", (await subscribe(box)) ? "push" : "page");
      status.textContent = "Alerts are on for this device.";
      setTimeout(hideAll, 2500);
    });
    box.querySelector('[data-invite="no"]').addEventListener("click", () => {
      store.set("garnet.invite", "declined");
      hideAll();
    });
  });
})();
