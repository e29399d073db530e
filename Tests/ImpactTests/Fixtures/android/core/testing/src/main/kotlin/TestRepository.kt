// core/testing/src/main/kotlin/TestRepository
