// core/ui/src/test/kotlin/NewsCardTest
