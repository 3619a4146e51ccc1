// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// A minimal ERC-20 for the offline chain tests: the owner mints and burns (a bridge burns on one
/// chain and mints on the other), holders transfer. `spray` emits many Transfer events in one
/// transaction, to build the benchmark's 100,000 transfers quickly.
contract TestToken {
    string public name;
    string public symbol;
    uint8 public decimals;
    uint256 public totalSupply;
    address public owner;
    mapping(address => uint256) public balanceOf;

    event Transfer(address indexed from, address indexed to, uint256 value);

    constructor(string memory name_, string memory symbol_, uint8 decimals_) {
        name = name_;
        symbol = symbol_;
        decimals = decimals_;
        owner = msg.sender;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        _move(msg.sender, to, value);
        return true;
    }

    /// The owner moves a holder's tokens (the tests act for several wallets from one account).
    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        require(msg.sender == owner, "owner only");
        _move(from, to, value);
        return true;
    }

    function mint(address to, uint256 value) external {
        require(msg.sender == owner, "owner only");
        totalSupply += value;
        balanceOf[to] += value;
        emit Transfer(address(0), to, value);
    }

    function burn(address from, uint256 value) external {
        require(msg.sender == owner, "owner only");
        balanceOf[from] -= value;
        totalSupply -= value;
        emit Transfer(from, address(0), value);
    }

    /// A Transfer event that moves nothing: what a broken or hostile token can emit (like the
    /// fake 1e60 transfer once seen). The balance check must catch it.
    function emitOnly(address from, address to, uint256 value) external {
        require(msg.sender == owner, "owner only");
        emit Transfer(from, to, value);
    }

    /// `count` transfers of one unit from the sender to `width` generated addresses in turn.
    function spray(uint256 count, uint256 width, uint256 salt) external {
        for (uint256 i = 0; i < count; i++) {
            address to = address(uint160(uint256(keccak256(abi.encode(salt, i % width)))));
            _move(msg.sender, to, 1);
        }
    }

    function _move(address from, address to, uint256 value) internal {
        require(balanceOf[from] >= value, "balance");
        balanceOf[from] -= value;
        balanceOf[to] += value;
        emit Transfer(from, to, value);
    }
}

/// A Chainlink-style price feed: latestRoundData() and decimals(). `set` answers as updated at
/// the block read (always fresh); `setAt` pins the answer's `updatedAt`, to test a stale feed.
contract TestPriceFeed {
    uint8 public decimals = 8;
    int256 public answer;
    uint80 public round;
    uint256 public updated;

    function set(int256 value) external {
        answer = value;
        round += 1;
        updated = 0;
    }

    function setAt(int256 value, uint256 updatedAt) external {
        answer = value;
        round += 1;
        updated = updatedAt;
    }

    /// Past this age (seconds; 0: never) the feed refuses to answer, as RedStone's fundamental feeds do.
    uint256 public maxAge;

    function setMaxAge(uint256 seconds_) external {
        maxAge = seconds_;
    }

    function latestRoundData() external view returns (uint80, int256, uint256, uint256, uint80) {
        uint256 at = updated == 0 ? block.timestamp : updated;
        require(maxAge == 0 || block.timestamp - at <= maxAge, "stale");
        return (round, answer, at, at, round);
    }
}

/// An ERC-4626-style vault share (OpenEden TBILL's shape): its NAV is totalAssets() / totalSupply().
contract TestVault is TestToken {
    uint256 public totalAssets;

    constructor(string memory name_, string memory symbol_, uint8 decimals_) TestToken(name_, symbol_, decimals_) {}

    function setAssets(uint256 value) external {
        require(msg.sender == owner, "owner only");
        totalAssets = value;
    }
}
