"""placeholder during the rewrite"""
