// feature/foryou/impl/src/androidTest/kotlin/ForYouScreenTest
