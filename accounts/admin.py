from django.contrib import admin
from django.contrib.auth.admin import UserAdmin

from accounts.models import User


@admin.register(User)
class GarnetUserAdmin(UserAdmin):
    fieldsets = (*(UserAdmin.fieldsets or ()), ("Garnet", {"fields": ("time_zone",)}))
    list_display = ("username", "email", "time_zone", "is_staff", "is_active")
