// Core
