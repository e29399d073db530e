data class Model(val id: String)
