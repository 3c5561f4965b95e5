"""Every write goes through a service, each in a transaction (HackSoft style)."""
