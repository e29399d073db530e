// OnboardingFeature
