import org.gradle.api.Plugin
import org.gradle.api.Project
import org.gradle.kotlin.dsl.dependencies

/** Every feature module: an Android library with the shared model and test fakes. */
class AndroidFeatureConventionPlugin : Plugin<Project> {
    override fun apply(target: Project) {
        with(target) {
            pluginManager.apply("com.android.library")
            pluginManager.apply("myapp.jvm.library")
            dependencies {
                add("implementation", project(":core:model"))
                "androidTestImplementation"(project(":core:testing"))
            }
        }
    }
}
