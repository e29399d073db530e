// core/model/src/main/kotlin/Topic
