pluginManagement {
    includeBuild("build-logic")
    repositories { google(); mavenCentral() }
}
enableFeaturePreview("TYPESAFE_PROJECT_ACCESSORS")
rootProject.name = "shop"

include(":app")
include(":core:model", ":core:data", ":core:testing")
include(":feature:login")
// include(":feature:legacy") is commented out and must not count
include(":feature:profile")
project(":feature:profile").projectDir = file("features/profile page")
include(":design-system")
