// feature/foryou/impl/src/main/kotlin/ForYouScreen
