"""Checks that run on every save, including fixtures (which bypass Model.save)."""

from django.db.models.signals import pre_save
from django.dispatch import receiver

from .models.rule_versions import RuleVersion
from .text.rule_checks import check_rule_version


@receiver(pre_save, sender=RuleVersion)
def refuse_invalid_rules(sender, instance, raw, **kwargs):
    check_rule_version(instance)
