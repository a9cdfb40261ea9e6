from .clubs import Club, RuleSet, RuleVersion

__all__ = ["Club", "RuleSet", "RuleVersion"]
