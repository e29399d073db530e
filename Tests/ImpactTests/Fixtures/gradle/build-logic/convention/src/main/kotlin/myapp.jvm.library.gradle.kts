// Precompiled script plugin: its id is the file name, myapp.jvm.library.
plugins {
    id("org.jetbrains.kotlin.jvm")
}

dependencies {
    testImplementation(project(":core:testing"))
}
