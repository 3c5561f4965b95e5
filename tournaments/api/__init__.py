"""The REST API: thin DRF views over the services and selectors."""
