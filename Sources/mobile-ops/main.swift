print("mobile-ops")
