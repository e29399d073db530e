print("mobile-ops-agent: not built yet")
