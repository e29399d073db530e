// core/designsystem/src/main/kotlin/Theme
