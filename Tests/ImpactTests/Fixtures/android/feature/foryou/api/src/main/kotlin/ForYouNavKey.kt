// feature/foryou/api/src/main/kotlin/ForYouNavKey
