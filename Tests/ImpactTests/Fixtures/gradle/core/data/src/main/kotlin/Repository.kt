class Repository
