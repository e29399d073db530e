class AppFlowTest
