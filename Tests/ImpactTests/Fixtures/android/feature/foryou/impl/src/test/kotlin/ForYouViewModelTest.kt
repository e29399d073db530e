// feature/foryou/impl/src/test/kotlin/ForYouViewModelTest
