// View
