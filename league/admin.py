from django.contrib import admin

from .models import Club, RuleSet, RuleVersion


class RuleSetInline(admin.TabularInline):
    model = RuleSet
    extra = 0
    fields = ("position", "slug", "name")


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ("name", "slug", "is_public", "created_at")
    list_filter = ("is_public",)
    search_fields = ("name", "slug")
    inlines = [RuleSetInline]


class RuleVersionInline(admin.StackedInline):
    model = RuleVersion
    extra = 0
    fields = ("effective_from", "rules", "fees", "notes")


@admin.register(RuleSet)
class RuleSetAdmin(admin.ModelAdmin):
    list_display = ("name", "club", "slug", "position")
    list_filter = ("club",)
    search_fields = ("name", "club__name")
    inlines = [RuleVersionInline]


@admin.register(RuleVersion)
class RuleVersionAdmin(admin.ModelAdmin):
    list_display = ("rule_set", "effective_from", "created_at")
    list_filter = ("rule_set__club",)
    date_hierarchy = "effective_from"
