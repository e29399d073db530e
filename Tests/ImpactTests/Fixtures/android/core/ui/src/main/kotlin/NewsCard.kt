// core/ui/src/main/kotlin/NewsCard
