enum AgentPlaceholder {}
