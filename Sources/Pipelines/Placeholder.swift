// Replaced as the Pipelines module lands.
enum PipelinesPlaceholder {}
