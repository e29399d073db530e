class ModelTest
