from django.urls import path

from alerts import views

app_name = "alerts"

urlpatterns = [
    path("me/alerts/", views.alert_settings, name="settings"),
    path("me/alerts/push/", views.push_subscription, name="push"),
    path("me/turns/", views.waiting_turns, name="turns"),
    path("me/next/", views.next_turn, name="next"),
    path("sw.js", views.service_worker, name="service_worker"),
]
