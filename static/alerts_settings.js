// The turn alerts page: this device's notifications (Web Push through /sw.js when the site has VAPID keys, else
// the pages' own Notification while one is open) and the live rounds' sound, kept in localStorage (turn_signal.js
// reads them).
(function () {
  "use strict";
  const box = document.getElementById("alerts-device");
  if (!box) return;
  const $ = (name) => box.querySelector('[data-alerts="' + name + '"]');
  const on = $("notify-on"), off = $("notify-off"), status = $("notify-status"), sound = $("sound"), test = $("sound-test");
  const note = box.querySelector(".js-only-note");
  if (note) note.hidden = true;
  const key = box.dataset.vapidKey;
  const store = {
    get: (k) => { try { return localStorage.getItem(k); } catch (e) { return null; } },
    set: (k, v) => { try { if (v === null) localStorage.removeItem(k); else localStorage.setItem(k, v); } catch (e) { /* private mode */ } },
  };
  function csrf() {
    try { return JSON.parse(document.body.getAttribute("hx-headers") || "{}")["X-CSRFToken"] || ""; } catch (e) { return ""; }
  }
  function post(body) {
    return fetch(box.dataset.pushUrl, { method: "POST", credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrf() }, body: JSON.stringify(body) });
  }
  function b64(s) {  // base64url to bytes (the applicationServerKey)
    const pad = "=".repeat((4 - (s.length % 4)) % 4), raw = atob((s + pad).replace(/-/g, "+").replace(/_/g, "/"));
    return Uint8Array.from(raw, (c) => c.charCodeAt(0));
  }
  function show() {
    const mode = store.get("garnet.notify");
    const supported = "Notification" in window;
    on.hidden = !supported || !!mode; off.hidden = !mode;
    if (!supported) status.textContent = "This browser cannot show notifications.";
    else if (Notification.permission === "denied") status.textContent = "This browser blocks Garnet's notifications: allow them in the site's settings.";
    else status.textContent = mode === "push" ? "On: Web Push, even with Garnet closed." : mode === "page" ? "On, while a Garnet page is open." : "Off on this device.";
  }
  async function turnOn() {
    const granted = await Notification.requestPermission();
    if (granted !== "granted") { show(); return; }
    if (key && "serviceWorker" in navigator && "PushManager" in window) {
      try {
        const reg = await navigator.serviceWorker.register(box.dataset.swUrl);
        await navigator.serviceWorker.ready;
        const sub = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: b64(key) });
        const r = await post(sub.toJSON());
        if (r.ok) { store.set("garnet.notify", "push"); show(); return; }
      } catch (err) { /* no push service here: the pages notify while open */ }
    }
    store.set("garnet.notify", "page"); show();
  }
  async function turnOff() {
    if (store.get("garnet.notify") === "push" && "serviceWorker" in navigator) {
      try {
        const reg = await navigator.serviceWorker.getRegistration(box.dataset.swUrl);
        const sub = reg && (await reg.pushManager.getSubscription());
        if (sub) { await post({ remove: true, endpoint: sub.endpoint }); await sub.unsubscribe(); }
      } catch (err) { /* forgotten here anyway */ }
    }
    store.set("garnet.notify", null); show();
  }
  on.addEventListener("click", turnOn);
  off.addEventListener("click", turnOff);
  sound.disabled = false; test.disabled = false;
  sound.checked = store.get("garnet.sound") === "1";
  sound.addEventListener("change", () => store.set("garnet.sound", sound.checked ? "1" : null));
  test.addEventListener("click", () => {
    const nav = document.getElementById("nav-turns");
    if (nav) new Audio(nav.dataset.sound).play().catch(() => {});
  });
  show();
})();
