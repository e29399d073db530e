pluginManagement {
    repositories {
        google()
        mavenCentral()
        gradlePluginPortal()
    }
}

enableFeaturePreview("TYPESAFE_PROJECT_ACCESSORS")

rootProject.name = "shop"
include(":app")
include(":feature:login:api")
include(":feature:login:impl")
include(":feature:login:di")
include(":feature:cart:impl")
include(":core:network")
include(":core:data")
include(":core:testing")
include(":core:ui")
