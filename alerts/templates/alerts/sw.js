{% load static %}
// Garnet's service worker: shows a Web Push ("Your move · ...") and opens its match when tapped.
// A page of that match already in front of the player needs no notification (as lichess does).
self.addEventListener("push", (event) => {
  let data = {};
  try { data = event.data ? event.data.json() : {}; } catch (err) { data = { title: "Garnet", body: event.data.text() }; }
  const url = data.url || "/me/";
  event.waitUntil(self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((wins) => {
    const there = wins.some((w) => w.focused && new URL(w.url).pathname === url);
    if (there) return undefined;
    return self.registration.showNotification(data.title || "Garnet", {
      body: data.body || "", tag: data.tag || url, renotify: true, data: { url: url },
      icon: "{% static 'favicon-turn.svg' %}",
    });
  }));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = (event.notification.data && event.notification.data.url) || "/me/";
  event.waitUntil(self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((wins) => {
    for (const w of wins) {
      if (new URL(w.url).pathname === url && "focus" in w) return w.focus();
    }
    return self.clients.openWindow(url);
  }));
});
